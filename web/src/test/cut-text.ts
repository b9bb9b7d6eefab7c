import { vi } from 'vitest';

/** happy-dom lays nothing out: a cut text is told by its text being wider than its box. */
export function cutByWidth(element: HTMLElement) {
  vi.spyOn(element, 'scrollWidth', 'get').mockReturnValue(400);
  vi.spyOn(element, 'clientWidth', 'get').mockReturnValue(150);
}

/**
 * The elements under `root` that carry a browser `title`, as their text: a cut text must show its
 * whole in a Mantine tooltip instead (issue 24), since a `title` is slow on a desktop and does
 * nothing on a phone. `except` keeps the elements a test allows (an icon button's hint). An empty
 * `title` shows nothing (Mantine's Avatar copies its empty `alt` into one) and is not counted.
 */
export function browserTitles(root: ParentNode, except: (element: Element) => boolean = () => false): string[] {
  return Array.from(root.querySelectorAll('[title]'))
    .filter((element) => element.getAttribute('title') !== '' && !except(element))
    .map((element) => `${element.tagName.toLowerCase()}: ${element.getAttribute('title')}`);
}
