export function loader() {
  return { greeting: 'いらっしゃいませ' };
}

export const meta = () => [{ title: 'Bare page' }];

export default function Home({ loaderData }: { loaderData: { greeting: string } }) {
  return (
    <main>
      <h1>{loaderData.greeting}</h1>
      <p>A bare React Router page, rendered on the server like the product's pages.</p>
    </main>
  );
}
