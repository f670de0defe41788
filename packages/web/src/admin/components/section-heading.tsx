import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A section's main "new …" button: its text, what it does and an icon other than the plus. */
export interface SectionAdd {
  label: string;
  onClick: () => void;
  icon?: ReactNode;
}

/** A section page's h1 with optional actions (and the section's "new …" button) on the right. */
export function SectionHeading({
  title,
  actions,
  add,
}: {
  title: string;
  actions?: ReactNode;
  add?: SectionAdd;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
      <Typography variant="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {actions}
      {add ? (
        <Button variant="contained" startIcon={add.icon ?? <AddOutlined />} onClick={add.onClick}>
          {add.label}
        </Button>
      ) : null}
    </Box>
  );
}
