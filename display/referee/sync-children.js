// @ts-check
// Keeping a list's children in order without rebuilding it: the rounds' blocks and the check-in
// rows are built once each and kept, so a field being typed in keeps its focus across a redraw.

/** Make `box`'s children exactly `nodes`, in order, moving only those out of place. */
export function syncChildren(box, nodes) {
  nodes.forEach((node, i) => {
    if (box.children[i] !== node) box.insertBefore(node, box.children[i] || null);
  });
  while (box.children.length > nodes.length) box.lastElementChild.remove();
}
