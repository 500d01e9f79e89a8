// Client-side navigation: the app registers the function that renders the current path;
// pages call navigate() to change page without a full load.

let render = () => {};

export function setRenderer(fn) {
  render = fn;
}

export function navigate(path) {
  history.pushState({}, "", path);
  render();
}
