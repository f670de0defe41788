import { useTranslation } from 'react-i18next';
import { MembersOnlyPage } from '../../../components/members-only-page';
import { NewspaperList } from './newspaper-list';

/** /special-offer: the current special-offer newspapers to download (logged-in users only). */
export function SpecialOfferPage() {
  const { t } = useTranslation();
  return (
    <MembersOnlyPage title={t('newspaper.title')} intro={t('newspaper.intro')}>
      <NewspaperList />
    </MembersOnlyPage>
  );
}
