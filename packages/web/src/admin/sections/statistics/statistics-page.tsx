import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Statistics } from '@shop/shared/contracts/admin-stats';
import { formatMoney, formatNumber } from '@shop/shared/format/format';
import { messageLoaders, useAdminCommonMessages, useAdminMessages } from '../../admin-i18n';
import { SectionHeading } from '../../components/section-heading';
import { DateRangeFilter } from '../../components/record-list';
import { useListParams } from '../../components/use-list-params';
import { BarChart } from './bar-chart';
import { usePageQuery } from '../../components/use-admin-query';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/** The charts of one value per day: the title's message key, the day's value and its format. */
const DAY_CHARTS = [
  { title: 'ordersPerDay', value: 'orders', format: (v: number) => formatNumber(v) },
  { title: 'revenuePerDay', value: 'revenue', format: (v: number) => formatMoney(v) },
  { title: 'pageViewsPerDay', value: 'pageViews', format: (v: number) => formatNumber(v) },
] as const;

/** Statistics: orders and revenue per day, top products, page views (days in the shop time zone). */
export default function StatisticsPage() {
  const { t, ready } = useAdminMessages('admin-statistics', loaders);
  const { t: common } = useAdminCommonMessages();
  const list = useListParams();
  const query: Record<string, string> = {};
  if (list.get('from')) query.from = list.get('from');
  if (list.get('to')) query.to = list.get('to');
  const stats = usePageQuery<Statistics>('statistics', '/admin/statistics', query);
  if (!ready) return null;
  const data = stats.data;
  const card = (title: string, children: ReactNode) => (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
  return (
    <Box>
      <SectionHeading
        title={t('title')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <DateRangeFilter
              list={list}
              fromLabel={common('common.from')}
              toLabel={common('common.to')}
              shown={data}
            />
          </Box>
        }
      />
      {stats.error ? <Typography color="error">{t('error')}</Typography> : null}
      {data ? (
        <Grid container spacing={2}>
          {(['orders', 'revenue', 'pageViews'] as const).map((key) => (
            <Grid key={key} size={{ xs: 12, sm: 4 }}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {t(`totals.${key}`)}
                </Typography>
                <Typography variant="h2" component="p">
                  {key === 'revenue' ? formatMoney(data.totals.revenue) : formatNumber(data.totals[key])}
                </Typography>
              </Paper>
            </Grid>
          ))}
          {DAY_CHARTS.map(({ title, value, format }) => (
            <Grid key={title} size={{ xs: 12, lg: 6 }}>
              {card(
                t(title),
                <BarChart
                  title={t(title)}
                  data={data.days.map((d) => ({ label: d.date, value: d[value] }))}
                  format={format}
                />,
              )}
            </Grid>
          ))}
          <Grid size={{ xs: 12, lg: 6 }}>
            {card(
              t('topProducts'),
              data.topProducts.length === 0 ? (
                <Typography color="text.secondary">{t('noOrders')}</Typography>
              ) : (
                <BarChart
                  horizontal
                  title={t('topProducts')}
                  data={data.topProducts.map((p) => ({ label: `${p.sku} · ${p.name}`, value: p.revenue }))}
                  format={(v) => formatMoney(v)}
                />
              ),
            )}
          </Grid>
        </Grid>
      ) : null}
    </Box>
  );
}
