"""The site as an app on a phone (docs/offline.md): its name, colours, icons and release,
its manifest and service worker, where it opens, the forms a phone keeps for offline, and
signing out clearing what the phone kept."""
