function a(t){return t==="p1"?"p2":"p1"}function l(t,o,e){if(o===null){let n=t??"p1";return{flipped:e,bottom:e?a(n):n}}let p=(t!==null&&t!==o)!==e;return{flipped:p,bottom:p?a(o):o}}export{l as a};
