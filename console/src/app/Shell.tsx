import {
  ActionIcon,
  Anchor,
  AppShell,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconMoon, IconShieldLock, IconSun, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { api } from '../api/client';
import { atLeast } from '../auth/roles';
import { useAuthStatus, useSignedInChange } from '../auth/useAuthStatus';
import { useConsoleEventStream } from '../events/useConsoleEvents';
import { TakeoverButton } from '../takeovers/TakeoverButton';
import { ApprovalsCount } from '../forms/ApprovalsCount';
import { ReviewCount } from '../editorial/ReviewCount';
import { DemoBanner } from '../demo/DemoBanner';
import { navigation } from './navigation';
import './shell.css';

export function Shell() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const { status, role } = useAuthStatus();
  const location = useLocation();
  const navigate = useNavigate();
  const signedInChange = useSignedInChange();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  useConsoleEventStream();

  const signOut = async () => {
    await api.POST('/api/v1/auth/logout');
    await signedInChange(undefined);
    navigate('/sign-in', { replace: true });
  };

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Anchor href="#main" className="skip-link">
          {t('skipToContent')}
        </Anchor>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t(opened ? 'nav.close' : 'nav.open')} />
            <Text fw={700} component={Link} to="/screens">
              {t('appName')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {atLeast(role, 'administrator') && <TakeoverButton />}
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
              aria-label={t(scheme === 'dark' ? 'theme.light' : 'theme.dark')}
            >
              {scheme === 'dark' ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
            </ActionIcon>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={t('account.menu', { name: status?.user?.name ?? '' })}>
                  <Group gap={6} wrap="nowrap">
                    <IconUserCircle size={22} aria-hidden />
                    <Text size="sm" visibleFrom="xs">
                      {status?.user?.name}
                    </Text>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t(`roles.${role ?? 'viewer'}`)}</Menu.Label>
                <Menu.Item component={Link} to="/security" leftSection={<IconShieldLock size={16} aria-hidden />}>
                  {t('account.security')}
                </Menu.Item>
                <Menu.Item onClick={signOut} leftSection={<IconLogout size={16} aria-hidden />}>
                  {t('account.signOut')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('nav.label')}>
        {/* More sections than a short window holds: the list scrolls on its own, beside the page. */}
        <AppShell.Section grow component={ScrollArea}>
          {navigation
            .filter((item) => atLeast(role, item.minRole))
            .map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={t(item.label)}
                leftSection={<item.icon size={18} aria-hidden />}
                rightSection={item.to === '/approvals' ? <ApprovalsCount /> : item.to === '/review' ? <ReviewCount /> : undefined}
                active={location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)}
                aria-current={location.pathname === item.to ? 'page' : undefined}
                onClick={close}
              />
            ))}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <DemoBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
