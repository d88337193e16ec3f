/** English: the weekly news: its pages and e-mails. */
export const news = {
  /** Weekly news by e-mail (issue 48): the sign-up form, the confirm and unsubscribe pages, the e-mail. */
  news: {
    title: 'Weekly news by e-mail',
    intro:
      'Once a week: the coming week’s events and services and the newest sermon. Nothing else, and you can stop it at any time.',
    form: 'Weekly news sign-up',
    /** What the form says the person agrees to: stored with each sign-up (change NEWS_WORDING_VERSION with it). */
    consent:
      'We will e-mail the church’s news to this address once a week. Every e-mail has a link to unsubscribe.',
    email: 'Email',
    name: 'Name (optional)',
    submit: 'Subscribe',
    again: 'Please check your address and press Subscribe once more to have the confirmation e-mail sent.',
    sent: 'Thank you. Please check your inbox: we have sent an e-mail with a link to confirm your subscription.',
    confirmTitle: 'Confirm your subscription',
    /** The confirm page's words: stored with the confirmation. */
    confirmText: 'Press the button to receive the weekly news at {{email}}.',
    confirmButton: 'Confirm',
    confirmedTitle: 'You are subscribed',
    confirmedText: 'The weekly news will come to {{email}}. Every e-mail has a link to unsubscribe.',
    unsubscribeTitle: 'Unsubscribe',
    unsubscribeText: 'Press the button and {{email}} will get no more e-mails from us.',
    unsubscribeButton: 'Unsubscribe',
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribedText: 'No more e-mails will be sent to {{email}}. You can sign up again at any time.',
    invalidTitle: 'This link is not valid',
    invalidText:
      'It may have been copied in part, or the sign-up has expired (a sign-up not confirmed within 7 days is deleted). Nothing has changed. You can sign up again.',
    signUpAgain: 'Sign up',
    mail: {
      subject: 'Please confirm: weekly news from {{church}}',
      greeting: 'Hello {{name}},',
      hello: 'Hello,',
      asked:
        'Someone, we hope you, asked for the weekly news of {{church}} to come to this address. To start receiving it, open this link and press Confirm:',
      confirm: 'Confirm my subscription',
      ignore: 'If you did not ask for it, ignore this e-mail: nothing more will be sent unless you confirm.',
      never: 'Or tell us never to write to this address:',
      unsubscribe: 'Unsubscribe',
    },
    digest: {
      subject: 'This week at {{church}}',
      intro: 'The coming week at {{church}}:',
      dates: 'This week',
      watch: 'Watch live',
      sermon: 'The newest sermon',
      live: 'Services this week are streamed live:',
      why: 'You get this e-mail because you subscribed to the weekly news of {{church}}.',
      unsubscribe: 'Unsubscribe',
      mailto: 'You can also unsubscribe by writing to the church at {{email}}.',
    },
  },
}
