document.querySelectorAll('.compare').forEach(function(box){
  var top=box.querySelector('img.top'), range=box.querySelector('input[type=range]'),
      blink=box.querySelector('input[type=checkbox]'), timer=null;
  function slide(){top.style.visibility='visible';top.style.clipPath='inset(0 '+(100-range.value)+'% 0 0)';}
  range.addEventListener('input',function(){blink.checked=false;clearInterval(timer);slide();});
  blink.addEventListener('change',function(){
    clearInterval(timer); top.style.clipPath='none';
    if(blink.checked){timer=setInterval(function(){
      top.style.visibility=top.style.visibility==='hidden'?'visible':'hidden';},500);} else slide();
  });
  slide();
});
