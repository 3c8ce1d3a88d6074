import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type api,
  type BodyOf,
  type LoginChallenge,
  type LoginResponse,
  type SessionResponse,
  type WebAuthnResponse,
} from '@kabuto/contract';
import { apiClient } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';
import { deviceId } from '../../../lib/device-id';
import { storedDeviceToken, storeDeviceToken } from '../../../lib/device-token';
import { useSession } from '../../../lib/session-store';

/** What the person types; the hooks add this browser's identity. */
type Credentials = Omit<BodyOf<typeof api.auth.login>, 'deviceId' | 'deviceToken'>;
type Registration = Omit<BodyOf<typeof api.auth.register>, 'deviceId'>;

/** Login and registration both answer with a session: keep it, the user info and the device token. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (session: SessionResponse) => {
    storeDeviceToken(session.deviceToken);
    // Nothing cached for an earlier user may show to this one.
    queryClient.removeQueries();
    useSession.getState().signIn(session);
    queryClient.setQueryData(currentUserKeys.info(session.userId), session.userInfo);
  };
}

/** The password was right and the account has a second factor: the login continues with it. */
export const isLoginChallenge = (answer: LoginResponse): answer is LoginChallenge =>
  'factorRequired' in answer;

/** The password step: a session at once, or the challenge the second step answers. */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (credentials: Credentials) =>
      apiClient.call(routes.auth.login, {
        body: { ...credentials, deviceId: deviceId(), deviceToken: storedDeviceToken() },
      }),
    onSuccess: (answer) => {
      if (!isLoginChallenge(answer)) startSession(answer);
    },
    meta: { failuresInForm: true },
  });
}

type FactorAnswer = { method: 'totp'; code: string } | { method: 'passkey'; response: WebAuthnResponse };

/** The second step: the challenge answered with an authenticator code or a passkey. */
export function useLoginFactor() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: ({ challengeToken, answer }: { challengeToken: string; answer: FactorAnswer }) =>
      apiClient.call(routes.auth.loginFactor, {
        body: { challengeToken, ...answer, deviceId: deviceId(), deviceToken: storedDeviceToken() },
      }),
    onSuccess: startSession,
    meta: { failuresInForm: true },
  });
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (registration: Registration) =>
      apiClient.call(routes.auth.register, { body: { ...registration, deviceId: deviceId() } }),
    onSuccess: startSession,
    meta: { failuresInForm: true },
  });
}
