// /home is the same page as / (spec 1 §2.1).
export { default, loader, meta } from './_app._index'
