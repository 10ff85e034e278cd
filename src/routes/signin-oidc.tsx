import { createFileRoute } from '@tanstack/react-router';
import { SignInCallback } from '../features/session/components/sign-in-callback';

export const Route = createFileRoute('/signin-oidc')({
  staticData: { title: 'Signing in' },
  component: SignInCallback,
});
