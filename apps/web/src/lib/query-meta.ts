/** What a query tells the app shell about showing its failures. */
export type QueryFailureDisplay = {
  /** The caller shows every failure itself, and an ended session is only cleared: no toast, no return to login. */
  silent?: boolean;
};

/** What a mutation tells the app shell about showing its failures. */
export type MutationFailureDisplay = QueryFailureDisplay & {
  /** The form (useForm's `send`) shows every failure, under a field or above the form; the shell only an ended session. */
  failuresInForm?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryFailureDisplay;
    mutationMeta: MutationFailureDisplay;
  }
}
