export default function HomePage() {
  return (
    <main>
      <h1>Interview screening service</h1>
      <p>
        REST API reference: <a href="/api/docs">/api/docs</a>
      </p>
    </main>
  );
}
