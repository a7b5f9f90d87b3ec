import { homePath } from '@peis/shared';
import { useSession } from '../app/use-session';

/** Where "back home" leads: the account's landing page, or the login page when signed out. */
export function useHomeUrl(): string {
  const { session } = useSession();
  return session ? homePath(session.userType) : '/login';
}
