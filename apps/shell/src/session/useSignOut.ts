import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@slotwise/ui';
import { endSession } from './session-store';

/** Log out with its toasts, then go home (owner-only pages would bounce to /auth anyway). */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await endSession();
      toast({
        title: 'Signed out',
        description: "You've been successfully signed out.",
        variant: 'success',
      });
      void navigate('/');
    } catch {
      toast({
        title: 'Sign out failed',
        description: 'Please check your connection and try again.',
        variant: 'destructive',
      });
    }
  }, [navigate]);
}
