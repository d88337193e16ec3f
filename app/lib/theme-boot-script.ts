import { COOKIE_DECLINED_KEY, DEFAULT_THEME, STORAGE_KEYS, THEMES } from './themes.ts'

/**
 * The inline <head> script that applies the saved theme, dark mode and cookie consent before the first paint,
 * so a visitor never sees the wrong colours flash or a banner already answered.
 * It repeats applyTheme in plain ES5 because it runs before any bundle has loaded.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var d=document.documentElement,s=window.localStorage,t=${JSON.stringify(
  Object.fromEntries(
    THEMES.map((theme) => [
      theme.name,
      [
        theme.primaryHue,
        theme.primarySaturation,
        theme.primaryLightness,
        theme.secondaryHue,
        theme.secondaryLightness,
      ],
    ]),
  ),
)},n=s.getItem('${STORAGE_KEYS.theme}'),p=t[n]||t[n='${DEFAULT_THEME}'];d.setAttribute('data-theme',n);d.style.setProperty('--primary-h',p[0]);d.style.setProperty('--primary-s',p[1]+'%');d.style.setProperty('--primary-l',p[2]+'%');d.style.setProperty('--secondary-h',p[3]);d.style.setProperty('--secondary-l',p[4]+'%');if(s.getItem('${STORAGE_KEYS.darkMode}')==='true')d.classList.add('dark');if(s.getItem('${STORAGE_KEYS.cookieConsent}')==='true')d.setAttribute('data-cookie-consent','true');else{var v=window.sessionStorage,r=performance.getEntriesByType('navigation')[0];if(r&&r.type==='reload')v.removeItem('${COOKIE_DECLINED_KEY}');else if(v.getItem('${COOKIE_DECLINED_KEY}'))d.setAttribute('data-cookie-consent','declined')}}catch(e){}})()`
