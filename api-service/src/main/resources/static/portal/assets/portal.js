// Copy buttons: <button data-copy="id-of-a-read-only-field">. Without script the field can still be selected.
document.addEventListener('click', async (event) => {
  const button = event.target.closest('button[data-copy]');
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    button.textContent = 'Copied';
  } catch (e) {
    button.textContent = 'Press Ctrl+C to copy';
  }
});
