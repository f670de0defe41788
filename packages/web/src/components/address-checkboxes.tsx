import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';

interface CheckableAddress {
  shippingAddressId: number;
  zip: string;
  city: string;
  aptSuite: string;
}

/**
 * A checkbox for each shipping address ("zip city, street"); `value` holds the ids ticked and
 * `onChange` gets them after a tick or an untick (the caller's fieldset gives the group its legend).
 */
export function AddressCheckboxes({
  addresses,
  value,
  onChange,
}: {
  addresses: readonly CheckableAddress[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <FormGroup>
      {addresses.map((address) => {
        const checked = value.includes(address.shippingAddressId);
        return (
          <FormControlLabel
            key={address.shippingAddressId}
            control={
              <Checkbox
                checked={checked}
                onChange={() =>
                  onChange(
                    checked
                      ? value.filter((id) => id !== address.shippingAddressId)
                      : [...value, address.shippingAddressId],
                  )
                }
              />
            }
            label={`${address.zip} ${address.city}, ${address.aptSuite}`}
          />
        );
      })}
    </FormGroup>
  );
}
