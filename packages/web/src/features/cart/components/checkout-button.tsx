import ArrowForward from '@mui/icons-material/ArrowForward';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The button to /cart/receipt-and-payment with its tooltip about delivery and payment. */
export function CheckoutButton({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('cart.toCheckoutTooltip')} describeChild>
      <Button
        component={RouterLink}
        to="/cart/receipt-and-payment"
        variant="contained"
        size="large"
        endIcon={<ArrowForward />}
        onClick={onClick}
        fullWidth
      >
        {t('cart.toCheckout')}
      </Button>
    </Tooltip>
  );
}
