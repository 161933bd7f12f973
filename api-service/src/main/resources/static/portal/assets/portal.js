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

// A new token is shown in the answer to the form that created it, never stored: reloading that
// page asks for /portal/ again instead of sending the form (and creating a token) once more.
const shownOnce = document.querySelector('[data-location]');
if (shownOnce && window.history.replaceState) {
  window.history.replaceState(null, '', shownOnce.dataset.location);
}
