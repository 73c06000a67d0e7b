// The web UI's single entry: the styles and the page router.
import "./style.css";
import "./app.js";
