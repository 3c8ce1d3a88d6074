import { create } from 'zustand';
import type { UserInfo } from '@kabuto/contract';
import { readJson, readString, removeKey, writeJson, writeString } from '../lib/storage';

interface SessionState {
  token: string;
  userId: string;
  userInfo: UserInfo | null;
  signIn: (session: { token: string; userId: string; userInfo: UserInfo }) => void;
  setUserInfo: (userInfo: UserInfo) => void;
  clear: () => void;
}

/** The session is restored from localStorage on start and written back on every change. */
export const useSession = create<SessionState>((set) => ({
  token: readString('token'),
  userId: readString('userId'),
  userInfo: readJson<UserInfo>('userInfo'),
  signIn: ({ token, userId, userInfo }) => {
    writeString('token', token);
    writeString('userId', userId);
    writeJson('userInfo', userInfo);
    set({ token, userId, userInfo });
  },
  setUserInfo: (userInfo) => {
    writeJson('userInfo', userInfo);
    set({ userInfo });
  },
  clear: () => {
    removeKey('token');
    removeKey('userId');
    removeKey('userInfo');
    set({ token: '', userId: '', userInfo: null });
  },
}));

export const useIsLoggedIn = () => useSession((state) => state.token !== '');
