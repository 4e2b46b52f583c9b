"""Signing in and out (docs/deployment.md#signing-in): the address a sign-in comes from,
the lock on a name after wrong passwords, a member's password, signing out everywhere,
and the pages for a locked name and an expired form."""
