import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { saveDeliveryRouteSchema, type AdminDeliveryRoute } from '@shop/shared/contracts/admin-logistics';
import type { AdminT } from '../../admin-i18n';
import { Crud } from './logistics-crud';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

export function DeliveryRoutes({ t }: { t: AdminT }) {
  type Draft = { name: string; weekdays: number[]; cutoffTime: string; routeTime: string };
  return (
    <Crud<AdminDeliveryRoute, Draft>
      t={t}
      name="routes"
      url="/admin/delivery-routes"
      deletable
      columns={[
        {
          id: 'weekdays',
          header: t('columns.weekdays'),
          render: (row) => row.weekdays.map((d) => t(`weekdays.${d}`)).join(', '),
        },
        { id: 'cutoff', header: t('columns.cutoffTime'), render: (row) => row.cutoffTime },
        {
          id: 'time',
          header: t('columns.routeTime'),
          hideBelow: 'sm',
          render: (row) => row.routeTime ?? '—',
        },
        {
          id: 'addresses',
          header: t('columns.addresses'),
          hideBelow: 'sm',
          align: 'right',
          render: (row) => row.addressCount,
        },
      ]}
      empty={{ name: '', weekdays: [], cutoffTime: '14:00', routeTime: '' }}
      toDraft={(row) => ({
        name: row.name,
        weekdays: row.weekdays,
        cutoffTime: row.cutoffTime,
        routeTime: row.routeTime ?? '',
      })}
      toBody={(d) => ({
        name: d.name.trim(),
        weekdays: d.weekdays,
        cutoffTime: d.cutoffTime,
        routeTime: d.routeTime.trim() || null,
      })}
      schema={saveDeliveryRouteSchema}
      form={(d, set, errors) => (
        <>
          <Box>
            <FormLabel component="legend" error={errors.message('weekdays') !== undefined}>
              {t('fields.weekdays')}
            </FormLabel>
            <FormGroup row>
              {WEEKDAYS.map((day) => (
                <FormControlLabel
                  key={day}
                  control={
                    <Checkbox
                      checked={d.weekdays.includes(day)}
                      onChange={(e) =>
                        set({
                          weekdays: e.target.checked
                            ? [...d.weekdays, day].sort((a, b) => a - b)
                            : d.weekdays.filter((x) => x !== day),
                        })
                      }
                    />
                  }
                  label={t(`weekdays.${day}`)}
                />
              ))}
            </FormGroup>
            {errors.message('weekdays') ? (
              <FormHelperText error>{errors.message('weekdays')}</FormHelperText>
            ) : null}
          </Box>
          <TextField
            label={t('fields.cutoffTime')}
            type="time"
            value={d.cutoffTime}
            required
            {...errors.props('cutoffTime', t('fields.cutoffHelp'))}
            onChange={(e) => set({ cutoffTime: e.target.value.slice(0, 5) })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('fields.routeTime')}
            value={d.routeTime}
            {...errors.props('routeTime', t('fields.routeTimeHelp'))}
            onChange={(e) => set({ routeTime: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
        </>
      )}
    />
  );
}
