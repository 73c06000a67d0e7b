var t=null;function r(){return t??=import("./chunk-ZUOWGP6H.js"),t}export{r as a};
