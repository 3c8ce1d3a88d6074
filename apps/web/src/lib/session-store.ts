import { create } from 'zustand';
import { readString, removeKey, writeString } from './storage';

interface SessionState {
  token: string;
  userId: string;
  signIn: (session: { token: string; userId: string }) => void;
  clear: () => void;
}

// Earlier versions kept a copy of the user info here; it lives in the query cache only now.
removeKey('userInfo');

/** The session is restored from localStorage on start and written back on every change. */
export const useSession = create<SessionState>((set) => ({
  token: readString('token'),
  userId: readString('userId'),
  signIn: ({ token, userId }) => {
    writeString('token', token);
    writeString('userId', userId);
    set({ token, userId });
  },
  clear: () => {
    removeKey('token');
    removeKey('userId');
    set({ token: '', userId: '' });
  },
}));

export const useIsLoggedIn = () => useSession((state) => state.token !== '');
