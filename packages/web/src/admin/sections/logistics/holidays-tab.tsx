import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { saveHolidayPeriodSchema, type AdminHolidayPeriod } from '@shop/shared/contracts/admin-logistics';
import type { AdminT } from '../../admin-i18n';
import { Crud, switchField, yesNo, type Change, type Errors } from './logistics-crud';

export function Holidays({ t }: { t: AdminT }) {
  type Draft = {
    name: string;
    startDate: string;
    endDate: string;
    replacementDates: string;
    hidesRouteTimes: boolean;
  };
  const dates = (text: string) =>
    text
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
  const dateField = (d: Draft, set: Change<Draft>, errors: Errors, key: 'startDate' | 'endDate') => (
    <TextField
      label={t(`fields.${key}`)}
      type="date"
      value={d[key]}
      required
      {...errors.props(key)}
      onChange={(e) => set({ [key]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
      fullWidth
    />
  );
  return (
    <Crud<AdminHolidayPeriod, Draft>
      t={t}
      name="holidays"
      url="/admin/holiday-periods"
      deletable
      columns={[
        { id: 'period', header: t('columns.period'), render: (row) => `${row.startDate} – ${row.endDate}` },
        {
          id: 'replacement',
          header: t('columns.replacementDates'),
          render: (row) => row.replacementDates.join(', ') || '—',
        },
        {
          id: 'hides',
          header: t('columns.hidesRouteTimes'),
          hideBelow: 'sm',
          render: (row) => yesNo(t, row.hidesRouteTimes),
        },
      ]}
      empty={{ name: '', startDate: '', endDate: '', replacementDates: '', hidesRouteTimes: true }}
      toDraft={(row) => ({
        name: row.name,
        startDate: row.startDate,
        endDate: row.endDate,
        replacementDates: row.replacementDates.join(', '),
        hidesRouteTimes: row.hidesRouteTimes,
      })}
      toBody={(d) => ({
        name: d.name.trim(),
        startDate: d.startDate,
        endDate: d.endDate,
        replacementDates: [...new Set(dates(d.replacementDates))],
        hidesRouteTimes: d.hidesRouteTimes,
      })}
      schema={saveHolidayPeriodSchema}
      form={(d, set, errors) => (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {dateField(d, set, errors, 'startDate')}
            {dateField(d, set, errors, 'endDate')}
          </Stack>
          <TextField
            label={t('fields.replacementDates')}
            value={d.replacementDates}
            {...errors.props('replacementDates', t('fields.replacementHelp'))}
            onChange={(e) => set({ replacementDates: e.target.value })}
          />
          {switchField(t('fields.hidesRouteTimes'), d.hidesRouteTimes, (hidesRouteTimes) =>
            set({ hidesRouteTimes }),
          )}
        </>
      )}
    />
  );
}
