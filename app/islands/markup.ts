/**
 * What the public pages' markup and their behaviours (app/islands/behaviours) agree on: the `data-*` attributes a
 * behaviour finds its controls by, the ids of the dialogs it opens, and the texts it writes into what a component
 * rendered. (The texts themselves are the page's, in its language: a component renders each one a behaviour may
 * write into an attribute named here, so the script carries no words of any language.) Components render these names and behaviours select by them, so renaming or dropping one is a type
 * error on both sides instead of a control that silently stops answering. (site.css styles some of them by name:
 * a test checks that it names only attributes declared here.)
 *
 * NOTE: `const enum`s, so that esbuild writes the plain strings into the public script (and folds
 * `[${Data.swatch}]` into `"[data-swatch]"`): the names cost the script nothing.
 */

/** `data-*` attributes, by what they mark. */
export const enum Data {
  /** The home's first screen's rules written into its head, and the link to the whole sheet after its slides. */
  firstScreenStyles = 'data-first-screen-styles',
  restOfStyles = 'data-rest-of-styles',
  /** A colour theme's swatch in the theme picker; the value is the theme's name. */
  swatch = 'data-swatch',
  /** The theme picker's dark-mode button, with its name for each state (its `aria-label` is one of them). */
  darkToggle = 'data-dark-toggle',
  darkOnLabel = 'data-label-dark',
  darkOffLabel = 'data-label-light',
  /** A control floating over the page (WhatsApp, the theme picker): site.css shows it on phones only where it covers nothing. */
  floating = 'data-floating',
  /** On the root, written by the floating behaviour while nothing to read or press lies under the floating controls. */
  floatingClear = 'data-floating-clear',
  /** The cookie banner (hidden by site.css once the root has `data-cookie-consent`). */
  cookieBanner = 'data-cookie-banner',
  /** A cookie banner button: `accept` or `decline`. */
  cookieAnswer = 'data-cookie-answer',

  /** The hero slideshow's section. */
  slideshow = 'data-slideshow',
  /** On the slideshow: milliseconds per slide. */
  slideshowDelay = 'data-delay',
  /** On the slideshow, written by its behaviour: `true` or `false` (site.css shows Pause or Play). */
  slideshowPlaying = 'data-playing',
  /** One slide. */
  slide = 'data-slide',
  /** On the slide shown (site.css fades it in). */
  slideActive = 'data-active',
  /** A dot that shows the slide of this index. */
  slideTo = 'data-slide-to',
  /** The slideshow's pause and play button, with its name for each state. */
  slideshowToggle = 'data-slideshow-toggle',
  pauseLabel = 'data-label-pause',
  playLabel = 'data-label-play',
  /** On the slideshow's pause and play icons: `pause` or `play` (site.css shows the one that applies). */
  slideshowIcon = 'data-icon',
  /** An image fetched only when a behaviour asks: its address waits here instead of in `src` (and `srcset`). */
  deferredSrc = 'data-src',
  deferredSrcset = 'data-srcset',

  /** A gallery tile's link that opens its photo in the lightbox, with the photo's title and category. */
  photo = 'data-photo',
  photoTitle = 'data-title',
  photoCategory = 'data-category',
  /** The lightbox's parts, filled in by its behaviour. */
  lightboxImage = 'data-lightbox-image',
  lightboxTitle = 'data-lightbox-title',
  lightboxCategory = 'data-lightbox-category',
  lightboxPosition = 'data-lightbox-position',
  lightboxCount = 'data-lightbox-count',
  /** The lightbox's previous (`-1`) and next (`1`) buttons. */
  lightboxStep = 'data-lightbox-step',
  lightboxClose = 'data-lightbox-close',
  /** On the lightbox while it shows the only photo (site.css hides previous and next). */
  lightboxSingle = 'data-single',

  /** The toast area; its toasts carry `data-toast` (`success` or `error`). */
  toasts = 'data-toasts',
  toast = 'data-toast',

  /** The contact form, which its behaviour sends in the background. */
  contactForm = 'data-contact-form',
  /** The text of the contact form's submit button. */
  submitLabel = 'data-label',
  /** On the contact form: its button's text while sending, and what the red box says when nothing came back. */
  sendingLabel = 'data-sending',
  offlineText = 'data-offline',
  failedText = 'data-failed',
  /** The red box a behaviour puts above the contact form's fields when sending failed. */
  formStatus = 'data-form-status',

  /** A map's box, and what the map shows; Leaflet's files are under `data-leaflet-base`. */
  map = 'data-map',
  mapLatitude = 'data-latitude',
  mapLongitude = 'data-longitude',
  mapName = 'data-name',
  mapZoom = 'data-zoom',
  mapTiles = 'data-tiles',
  mapAttribution = 'data-attribution',
  /** The map's own controls' words, in the page's language (Leaflet's are English). */
  mapZoomIn = 'data-zoom-in',
  mapZoomOut = 'data-zoom-out',
  mapClose = 'data-close',
  leafletBase = 'data-leaflet-base',

  /**
   * A video's click-to-load box: a link to the video on YouTube or Vimeo, which its behaviour turns into a
   * button that swaps in the player (the value is the player's address; nothing of it loads before the click).
   */
  videoFacade = 'data-video-facade',
  /** On the video box: the sermon's title, for the button's name and the player's title. */
  videoTitle = 'data-video-title',
  /**
   * A link to this page in another language (its code): following it remembers the choice in the `lang` cookie.
   * On the one-line suggestion of another language, the language it suggests.
   */
  languageChoice = 'data-language-choice',
  languageSuggestion = 'data-language-suggestion',
  /** The suggestion's close button: the visitor keeps the page's language. */
  languageDismiss = 'data-language-dismiss',

  /** On the video box: the button's name ("Play video: <title>", in the page's language). */
  playVideoLabel = 'data-play-label',
}

/** Ids of the dialogs and popovers behaviours open and close (site.css styles them by id too). */
export const enum DialogId {
  menu = 'mobile-menu',
  lightbox = 'lightbox',
  /** The theme picker's swatches: a popover on phones, always shown from the `md` width up. */
  themePanel = 'theme-panel',
}
