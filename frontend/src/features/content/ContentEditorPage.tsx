export default function ContentEditorPage() {
  return <main className="p-8">ContentEditorPage</main>;
}
