/** What a query tells the app shell about showing its failures. */
export type QueryFailureDisplay = {
  /** The caller shows every failure itself, and an ended session is only cleared: no toast, no return to login. */
  silent?: boolean;
};

/** What a mutation tells the app shell about showing its failures. */
export type MutationFailureDisplay = QueryFailureDisplay & {
  /** A failure that names a field is shown under that field by the form (useForm); others as usual. */
  fieldErrorsInForm?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryFailureDisplay;
    mutationMeta: MutationFailureDisplay;
  }
}
