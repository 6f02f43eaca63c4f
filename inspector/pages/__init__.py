"""The app's pages, one thin file each (run by ``st.navigation`` from :mod:`inspector.main.app`)."""
