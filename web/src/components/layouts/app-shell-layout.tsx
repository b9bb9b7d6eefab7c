import { AppShell, Badge, Burger, Group, Indicator, NavLink, ScrollArea, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** A count that asks for attention (e.g. accounts waiting), with the words a screen reader says for it. */
  badge?: { count: number; label: string };
}

interface AppShellLayoutProps {
  navItems: NavItem[];
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Shown at the top of the sidebar; receives whether the sidebar is collapsed. */
  renderBrand: (collapsed: boolean) => ReactNode;
  /** The middle of the header (e.g. a search box). */
  headerCenter?: ReactNode;
  /** The right end of the header (e.g. the user menu). */
  headerEnd?: ReactNode;
  children: ReactNode;
}

const EXPANDED_WIDTH = 240;
const COLLAPSED_WIDTH = 72;
const MOBILE_BREAKPOINT = '48em'; // Mantine's sm

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** Header, collapsible sidebar and content area. Knows nothing of what the links lead to. */
export function AppShellLayout({ navItems, collapsed, onToggleCollapsed, renderBrand, headerCenter, headerEnd, children }: AppShellLayoutProps) {
  const { pathname } = useLocation();
  // Below the breakpoint the sidebar is an overlay opened from the burger; the saved collapsed
  // preference is about the desktop layout, so it is left alone there.
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT})`) ?? false;
  const [mobileOpened, mobileNav] = useDisclosure(false);
  const closeMobileNav = mobileNav.close;
  useEffect(() => closeMobileNav(), [pathname, closeMobileNav]);
  const showLabels = isMobile || !collapsed;
  const expanded = isMobile ? mobileOpened : !collapsed;
  const needsAttention = navItems.some((item) => item.badge);

  return (
    <AppShell
      header={{ height: 60 }}
      // Collapsed means narrow (icons only), not hidden, so the navigation stays one click away.
      navbar={{ width: collapsed ? COLLAPSED_WIDTH : EXPANDED_WIDTH, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding="lg"
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="md" wrap="nowrap">
            {/* On a phone the sidebar is hidden: a dot on the burger says a count inside asks for attention. */}
            <Indicator color="orange" size={10} offset={4} disabled={!isMobile || mobileOpened || !needsAttention}>
              <Burger
                opened={expanded}
                onClick={isMobile ? mobileNav.toggle : onToggleCollapsed}
                size="sm"
                aria-label="Toggle sidebar"
                aria-expanded={expanded}
              />
            </Indicator>
            {headerCenter}
          </Group>
          {headerEnd}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        p="sm"
        aria-label="Main navigation"
        data-collapsed={!showLabels || undefined}
        // Slid off-screen on a phone: out of the tab order and the accessibility tree too.
        inert={isMobile && !mobileOpened}
      >
        <AppShell.Section mb="md" px={showLabels ? 'xs' : 0} py="xs">
          {renderBrand(!showLabels)}
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <nav aria-label="Sections">
            {navItems.map((item) => {
              // The link's name stays its label (tests and screen readers find 'Users'); the count is its description.
              const badgeId = item.badge ? `nav-badge-${item.to.slice(1)}` : undefined;
              const link = (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={showLabels ? item.label : undefined}
                  aria-label={showLabels ? undefined : item.label}
                  aria-describedby={badgeId}
                  leftSection={
                    item.badge && !showLabels ? (
                      <Indicator label={item.badge.count} size={16} color="orange" offset={2}>
                        {item.icon}
                      </Indicator>
                    ) : (
                      item.icon
                    )
                  }
                  rightSection={
                    item.badge && showLabels ? (
                      <Badge size="sm" color="orange" variant="filled" circle aria-hidden>
                        {item.badge.count}
                      </Badge>
                    ) : undefined
                  }
                  active={isActive(pathname, item.to)}
                  // On a phone the drawer closes on any choice, the page already shown included.
                  onClick={isMobile ? closeMobileNav : undefined}
                  aria-current={isActive(pathname, item.to) ? 'page' : undefined}
                  variant="light"
                  style={{ borderRadius: 8, justifyContent: showLabels ? undefined : 'center' }}
                  mb={4}
                />
              );
              const described = item.badge ? (
                <span key={item.to}>
                  {link}
                  <span id={badgeId} hidden>
                    {item.badge.label}
                  </span>
                </span>
              ) : (
                link
              );
              return !showLabels ? (
                <Tooltip key={item.to} label={item.badge ? `${item.label}: ${item.badge.label}` : item.label} position="right" withArrow>
                  {described}
                </Tooltip>
              ) : (
                described
              );
            })}
          </nav>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">{children}</AppShell.Main>
    </AppShell>
  );
}
