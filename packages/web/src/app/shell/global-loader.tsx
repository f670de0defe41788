import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { ProgressBar } from '../../components/progress-bar';

/** A thin bar at the top while any query, mutation or route module is loading. */
export function GlobalLoader() {
  const { t } = useTranslation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const busy = fetching + mutating > 0 || navigation.state !== 'idle';
  return busy ? <ProgressBar label={t('app.loading')} /> : null;
}
