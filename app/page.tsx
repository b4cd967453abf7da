export default function Home() {
  return (
    <main id="conteudo" className="container">
      <h1>Balcão</h1>
      <p>Catálogo em construção.</p>
    </main>
  );
}
