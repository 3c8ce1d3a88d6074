import { Menu } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useStaffProfile } from '../lib/staff-profile';
import { sectionsFor, SECTIONS } from './sections';

/** The menu item of the current page; none for pages outside the menu (own account, not found). */
function selectedKeys(pathname: string): string[] {
  if (pathname === '/') return ['/'];
  const section = SECTIONS.find(({ path }) => pathname.startsWith(path));
  return section ? [section.path] : [];
}

/** Home and the sections the staff member's role may open. */
export function SideMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const permissions = useStaffProfile().data?.permissions;
  const items = [
    { key: '/', icon: <HomeOutlined />, label: t('nav.home') },
    ...sectionsFor(permissions).map((section) => ({
      key: section.path,
      icon: section.icon,
      label: t(section.labelKey),
    })),
  ];
  return (
    <nav data-testid="side-menu">
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={selectedKeys(pathname)}
        items={items}
        onClick={({ key }) => navigate(key)}
      />
    </nav>
  );
}
