import{q as n}from"./chunk-5HKH6KKA.js";function s(t,i,r,o){return r||(t!=="*"?o:n(i==="aborted"?"gameAborted":"noResult"))}function u(t){return t==="*"?"":` (${t})`}export{s as a,u as b};
