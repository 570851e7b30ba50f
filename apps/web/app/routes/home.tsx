import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  return context.services.getProducts({ sort: 'featured', pageSize: 8 });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>Everdeal</h1>
      <ul>
        {loaderData.items.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
      </ul>
    </main>
  );
}
