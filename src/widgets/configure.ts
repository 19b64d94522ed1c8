// `@pressbox/elements/configure`: the page's settings without defining any element, for apps that import one element
// (`@pressbox/elements/elements/<tag>`) and would otherwise pull every element in through the package's index.
export { configure, setMessages, type PressboxConfig, type PressboxMessages } from './runtime/page-settings.js';
