import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useAuth } from '../lib/auth-store';
import { usePageDocumentTitle } from '../lib/document-title';
import { NotAllowedView } from './not-allowed-view';
import { PageHeading } from './page-heading';

/**
 * A page for logged-in users only: its title (also the window's), an introduction and its content;
 * NotAllowedView for a visitor.
 */
export function MembersOnlyPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const auth = useAuth();
  usePageDocumentTitle(auth ? title : null);
  if (!auth) return <NotAllowedView />;
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <Typography sx={{ mb: 3, maxWidth: 880 }}>{intro}</Typography>
      {children}
    </Box>
  );
}
