import { Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAuth } from '../../app/auth';
import { useCart } from '../../app/cart';
import { Page } from '../../components/Page';
import { formatINR } from '../../lib/money';
import { excerpt } from '../../lib/text';

export default function CartPage() {
  const { items, setItems } = useCart();
  const { auth } = useAuth();
  const total = items.reduce((sum, item) => sum + item.price, 0);
  const remove = (index: number) => setItems(items.filter((_, at) => at !== index));

  return (
    <Page title="Cart">
      <Title order={2} ta="center">
        {auth ? `Hello ${auth.user.name}` : 'Hello Guest'}
      </Title>
      <Text ta="center" mb="lg">
        {items.length ? `You have ${items.length} items in your cart` : 'Your cart is empty'}
      </Text>
      {items.length === 0 ? (
        <Group justify="center">
          <Button component={Link} to="/">
            Continue shopping
          </Button>
        </Group>
      ) : (
        <Stack maw={720} mx="auto">
          {items.map((item, index) => (
            <Card key={`${item.id}-${index}`} withBorder>
              <Group wrap="nowrap" align="flex-start">
                {item.photoUrl && (
                  <Image src={item.photoUrl} alt={item.name} w={96} h={72} radius="sm" />
                )}
                <Stack gap={2} style={{ flex: 1 }}>
                  <Text fw={600}>{item.name}</Text>
                  <Text size="sm" c="dimmed">
                    {excerpt(item.description, 30)}
                  </Text>
                  <Text>Price : {formatINR(item.price)}</Text>
                </Stack>
                <Button color="red" variant="light" onClick={() => remove(index)}>
                  Remove
                </Button>
              </Group>
            </Card>
          ))}
          <Text fw={700} ta="right">
            Total : {formatINR(total)}
          </Text>
        </Stack>
      )}
    </Page>
  );
}
