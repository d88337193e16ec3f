// NOTE: the form's field types moved to app/lib/admin-fields.ts, a leaf, so that a kind's declaration can carry its
// screen (decision 0040). Screens written against this address before the move still compile; new code imports
// the leaf.
export * from '#app/lib/admin-fields.ts'
