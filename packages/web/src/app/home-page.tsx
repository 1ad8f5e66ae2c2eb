import { Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { SETTING } from '@glazier/shared/settings';
import { firstName } from '@glazier/shared/signed-in-page';
import { useSettingValue } from '../resource-kit/records/settings.ts';
import { useModals } from '../ui/modal-stack.tsx';
import { ScreenTitle } from '../ui/screen-title.tsx';
import { dashboardCards } from './dashboard.ts';
import { useSession } from './session.tsx';

/** Its own component: the settings arriving after the first frame re-render this line, not the cards. */
function CompanyName() {
  const company = useSettingValue(SETTING.companyName);
  return company ? <Text c="dimmed">{company}</Text> : null;
}

export function HomePage() {
  const { user } = useSession();
  const modals = useModals();
  const cards = dashboardCards(user);

  return (
    <Stack gap="md">
      <div>
        <ScreenTitle documentTitle="Home">{`Hello, ${firstName(user?.name ?? '')}`}</ScreenTitle>
        <CompanyName />
      </div>
      <div className="dashboard-grid" data-testid="dashboard">
        {cards.map((card) => {
          const CardIcon = card.icon;
          return (
            <Card
              key={card.key}
              withBorder
              padding="md"
              radius="md"
              className="dashboard-card"
              data-testid={`card-${card.key}`}
              role="region"
              aria-label={card.title}
            >
              <Group gap="sm" wrap="nowrap" align="center">
                <ThemeIcon variant="light" radius="md" className="dashboard-card-icon">
                  <CardIcon size={22} />
                </ThemeIcon>
                <div>
                  <Text fw={650}>{card.title}</Text>
                  {/* On a phone the title and buttons say enough: the dashboard fits one screen. */}
                  <Text size="sm" c="dimmed" visibleFrom="sm">
                    {card.description}
                  </Text>
                </div>
              </Group>
              {/* Buttons sit at the bottom, level across a row of cards. */}
              <Group gap="xs" pt="sm" mt="auto">
                {card.actions.map((a) =>
                  'to' in a ? (
                    <Button key={a.label} component={Link} to={a.to} size="xs" variant="light">
                      {a.label}
                    </Button>
                  ) : (
                    <Button key={a.label} size="xs" variant="light" onClick={() => void a.run(modals)}>
                      {a.label}
                    </Button>
                  ),
                )}
              </Group>
            </Card>
          );
        })}
      </div>
    </Stack>
  );
}
