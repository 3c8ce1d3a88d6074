/** The texts of each member action; `done` is null for the resets, which answer with the new credential. */
export const MEMBER_ACTION_TEXTS = {
  resetPassword: {
    button: 'staffMembers.resetPassword.button',
    title: 'staffMembers.resetPassword.title',
    description: 'staffMembers.resetPassword.description',
    confirm: 'staffMembers.resetPassword.confirm',
    done: null,
  },
  resetAuthenticator: {
    button: 'staffMembers.resetAuthenticator.button',
    title: 'staffMembers.resetAuthenticator.title',
    description: 'staffMembers.resetAuthenticator.description',
    confirm: 'staffMembers.resetAuthenticator.confirm',
    done: null,
  },
  disable: {
    button: 'staffMembers.disable.button',
    title: 'staffMembers.disable.title',
    description: 'staffMembers.disable.description',
    confirm: 'staffMembers.disable.confirm',
    done: 'staffMembers.disable.done',
  },
  enable: {
    button: 'staffMembers.enable.button',
    title: 'staffMembers.enable.title',
    description: 'staffMembers.enable.description',
    confirm: 'staffMembers.enable.confirm',
    done: 'staffMembers.enable.done',
  },
} as const;
