function l(i){let e=!1,n=!1,r=()=>{if(e){n=!0;return}e=!0,i().finally(()=>{e=!1,n&&(n=!1,r())})};return r}export{l as a};
