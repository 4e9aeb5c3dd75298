import { Page, PageHeader, useDocumentTitle } from '@slotwise/ui';

export default function InfoPage({ title, intro }: { title: string; intro: string }) {
  useDocumentTitle(title);
  return (
    <Page narrow>
      <PageHeader title={title} description={intro} />
    </Page>
  );
}
