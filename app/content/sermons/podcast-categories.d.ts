/** Apple's podcast categories (the package has no types): each category's subcategories, each `true`. */
declare module 'podcast-categories' {
  const categories: Readonly<Record<string, Readonly<Record<string, true>>>>
  export default categories
}
