var t=null;function r(){return t??=import("./chunk-LVD7BBN6.js"),t}export{r as a};
