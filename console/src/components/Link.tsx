import type { ComponentChildren } from "preact";
import { navigate } from "../router.ts";

/** An ordinary link that changes the view without reloading the page (modified clicks open a tab as usual). */
export function Link({ href, children, ...rest }: { href: string; children: ComponentChildren; class?: string; "aria-current"?: "page" }) {
  const follow = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={follow} {...rest}>
      {children}
    </a>
  );
}
