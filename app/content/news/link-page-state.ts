/** What a confirm or unsubscribe link's page shows: the question with its button, the outcome, or a bad link. */
export type LinkPageState =
  | { state: 'ask'; email: string; token: string }
  | { state: 'done'; email: string }
  | { state: 'invalid' }
