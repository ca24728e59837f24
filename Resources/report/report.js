// Adds an "actual over expected" view (slider and blink) to each frame that has both images, reusing
// the images already on the page: every PNG file is referenced once in the HTML.
document.querySelectorAll('.row').forEach(function(row){
  var expected=row.querySelector('img.expected'), actual=row.querySelector('img.actual');
  if(!expected||!actual) return;
  var figure=document.createElement('figure'); figure.className='compare';
  figure.innerHTML='<figcaption>actual over expected</figcaption><div class="checker stack"></div>'+
    '<div class="controls"><input type="range" min="0" max="100" value="50" aria-label="slider"> '+
    '<label><input type="checkbox"> blink</label></div>';
  var stack=figure.querySelector('.stack'), under=expected.cloneNode(), top=actual.cloneNode();
  top.className='top'; stack.appendChild(under); stack.appendChild(top); row.appendChild(figure);
  var range=figure.querySelector('input[type=range]'), blink=figure.querySelector('input[type=checkbox]'), timer=null;
  function slide(){top.style.visibility='visible';top.style.clipPath='inset(0 '+(100-range.value)+'% 0 0)';}
  range.addEventListener('input',function(){blink.checked=false;clearInterval(timer);slide();});
  blink.addEventListener('change',function(){
    clearInterval(timer); top.style.clipPath='none';
    if(blink.checked){timer=setInterval(function(){
      top.style.visibility=top.style.visibility==='hidden'?'visible':'hidden';},500);} else slide();
  });
  slide();
});
