import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';
import { useSeedText } from '../lib/seed-text';
import { useStaffProfile } from '../lib/staff-profile';
import { sectionsFor } from './sections';

/** Welcome page: the sections this staff member's role can open. */
export function HomePage() {
  const { t } = useTranslation();
  const staff = useStaffProfile().data;
  const seedText = useSeedText();
  useDocumentTitle(t('nav.home'));
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('home.welcome', { name: staff ? seedText(staff.displayName, staff.displayNameKey) : '' })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {sectionsFor(staff?.permissions).map((section) => (
          <Col key={section.path} xs={24} md={12} xl={6}>
            <Link to={section.path}>
              <Card hoverable style={{ height: '100%' }}>
                <Card.Meta
                  avatar={<span style={{ fontSize: 24 }}>{section.icon}</span>}
                  title={t(section.labelKey)}
                  description={t(section.descriptionKey)}
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}
